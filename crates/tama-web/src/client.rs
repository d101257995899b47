//! A small blocking HTTP/1.1 client for the server's tests and tools (the
//! API tests, the `load` example): requests on one connection or on a
//! keep-alive [`Connection`], bodies by `Content-Length`, chunked or up to
//! the end, and Server-Sent Events read event by event. It speaks only
//! what this server answers; the server itself does not use it.
//!
//! ```
//! use tama_web::client;
//!
//! let server = tama_web::spawn(tama_web::Config { port: 0, ..Default::default() }).unwrap();
//! let answer = client::request(server.addr(), "GET", "/api/health", "", b"").unwrap();
//! assert_eq!(answer.status, 200);
//! assert_eq!(answer.parse_json().unwrap()["status"], "ok");
//! server.shutdown();
//! ```

use std::io::{self, BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// Response headers: lower-case names and their values, in order.
pub type Headers = Vec<(String, String)>;

/// An answer: status, headers, and the (de-chunked) body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Headers,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    /// The first value of header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON.
    ///
    /// # Errors
    ///
    /// When the body is not JSON.
    pub fn parse_json(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::from_slice(&self.body)
    }
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// A connection to `addr` (no Nagle delay, reads time out after 30 s).
///
/// # Errors
///
/// When the connection cannot be made.
pub fn connect(addr: SocketAddr) -> io::Result<TcpStream> {
    let stream = TcpStream::connect(addr)?;
    stream.set_nodelay(true)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    Ok(stream)
}

/// Writes a request in one piece: the request line, `Host`, the `extra`
/// header lines (each ending in `\r\n`), `Content-Length` and the body.
///
/// # Errors
///
/// When writing fails.
pub fn write_request(
    conn: &mut impl Write,
    method: &str,
    path: &str,
    extra: &str,
    body: &[u8],
) -> io::Result<()> {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: tama\r\n{extra}Content-Length: {}\r\n\r\n",
        body.len()
    );
    // One write, one segment: the server wakes once per request.
    let mut request = head.into_bytes();
    request.extend_from_slice(body);
    conn.write_all(&request)
}

/// Reads the status line and the headers.
///
/// # Errors
///
/// When the connection closes first or the head is not HTTP.
pub fn read_head(reader: &mut impl BufRead) -> io::Result<(u16, Headers)> {
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return Err(invalid("the server closed the connection".into()));
    }
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| invalid(format!("bad status line {line:?}")))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line)?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        let (n, v) = l
            .split_once(':')
            .ok_or_else(|| invalid(format!("header without a colon: {l:?}")))?;
        headers.push((n.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    Ok((status, headers))
}

/// Reads one chunk of a chunked body (`None` at the last, empty chunk).
///
/// # Errors
///
/// When reading fails or the chunk size is not hexadecimal.
pub fn read_chunk(reader: &mut impl BufRead) -> io::Result<Option<Vec<u8>>> {
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let size = usize::from_str_radix(line.trim(), 16)
        .map_err(|_| invalid(format!("bad chunk size {line:?}")))?;
    let mut chunk = vec![0; size + 2];
    reader.read_exact(&mut chunk)?;
    chunk.truncate(size);
    Ok((size > 0).then_some(chunk))
}

/// Reads a body after `headers`: `Content-Length` bytes, the chunks of a
/// chunked body, or else everything up to the end of the connection.
///
/// # Errors
///
/// When reading fails or a chunk is malformed.
pub fn read_body(reader: &mut impl BufRead, headers: &Headers) -> io::Result<Vec<u8>> {
    let value = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v);
    let mut body = Vec::new();
    if let Some(n) = value("content-length").and_then(|v| v.parse::<usize>().ok()) {
        body.resize(n, 0);
        reader.read_exact(&mut body)?;
    } else if value("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        while let Some(chunk) = read_chunk(reader)? {
            body.extend(chunk);
        }
    } else {
        reader.read_to_end(&mut body)?;
    }
    Ok(body)
}

/// One request on its own connection (`Connection: close`).
///
/// # Errors
///
/// When the connection fails or the answer is not HTTP.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &str,
    body: &[u8],
) -> io::Result<Answer> {
    let mut conn = connect(addr)?;
    write_request(
        &mut conn,
        method,
        path,
        &format!("Connection: close\r\n{extra}"),
        body,
    )?;
    let mut reader = BufReader::new(conn);
    let (status, headers) = read_head(&mut reader)?;
    let body = read_body(&mut reader, &headers)?;
    Ok(Answer {
        status,
        headers,
        body,
    })
}

/// A keep-alive connection: requests one after the other.
#[derive(Debug)]
pub struct Connection {
    reader: BufReader<TcpStream>,
}

impl Connection {
    /// Connects to `addr`.
    ///
    /// # Errors
    ///
    /// When the connection cannot be made.
    pub fn open(addr: SocketAddr) -> io::Result<Connection> {
        Ok(Connection {
            reader: BufReader::new(connect(addr)?),
        })
    }

    /// Sends a request and reads the answer.
    ///
    /// # Errors
    ///
    /// When the connection fails or the answer is not HTTP.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        extra: &str,
        body: &[u8],
    ) -> io::Result<Answer> {
        write_request(self.reader.get_mut(), method, path, extra, body)?;
        let (status, headers) = read_head(&mut self.reader)?;
        let body = read_body(&mut self.reader, &headers)?;
        Ok(Answer {
            status,
            headers,
            body,
        })
    }

    /// Posts a JSON body.
    ///
    /// # Errors
    ///
    /// As [`Connection::request`].
    pub fn post_json(&mut self, path: &str, body: &str) -> io::Result<Answer> {
        self.request(
            "POST",
            path,
            "Content-Type: application/json\r\n",
            body.as_bytes(),
        )
    }
}

/// One Server-Sent Event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The event's name (`message` when it gives none).
    pub name: String,
    /// Its data lines, joined.
    pub data: String,
}

/// An open Server-Sent Events stream.
#[derive(Debug)]
pub struct Events {
    reader: BufReader<TcpStream>,
    pending: String,
}

impl Events {
    /// Opens `path` with `GET`: the stream when the server answers 200, or
    /// else its (error) answer.
    ///
    /// # Errors
    ///
    /// When the connection fails or the answer is not HTTP.
    pub fn open(addr: SocketAddr, path: &str) -> io::Result<Result<Events, Answer>> {
        let mut conn = connect(addr)?;
        write_request(
            &mut conn,
            "GET",
            path,
            "Connection: close\r\nAccept: text/event-stream\r\n",
            b"",
        )?;
        let mut reader = BufReader::new(conn);
        let (status, headers) = read_head(&mut reader)?;
        if status != 200 {
            let body = read_body(&mut reader, &headers)?;
            return Ok(Err(Answer {
                status,
                headers,
                body,
            }));
        }
        let event_stream = headers
            .iter()
            .any(|(n, v)| n == "content-type" && v.starts_with("text/event-stream"));
        if !event_stream {
            return Err(invalid(format!("{path}: not an event stream: {headers:?}")));
        }
        Ok(Ok(Events {
            reader,
            pending: String::new(),
        }))
    }

    /// The next event, skipping comments (keep-alives); `None` when the
    /// stream ends.
    ///
    /// # Errors
    ///
    /// When reading fails or a chunk is malformed.
    pub fn next_event(&mut self) -> io::Result<Option<Event>> {
        loop {
            if let Some(end) = self.pending.find("\n\n") {
                let block: String = self.pending.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        name = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim());
                    }
                }
                if data.is_empty() {
                    continue; // a comment
                }
                return Ok(Some(Event { name, data }));
            }
            let Some(chunk) = read_chunk(&mut self.reader)? else {
                return Ok(None);
            };
            self.pending.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_by_length_chunks_or_end() {
        let read = |text: &str| {
            let mut r = BufReader::new(text.as_bytes());
            let (status, headers) = read_head(&mut r).unwrap();
            (status, read_body(&mut r, &headers).unwrap())
        };
        assert_eq!(
            read("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabcdef"),
            (200, b"abc".to_vec())
        );
        assert_eq!(
            read("HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n1\r\nc\r\n0\r\n\r\n"),
            (404, b"abc".to_vec())
        );
        assert_eq!(
            read("HTTP/1.1 200 OK\r\n\r\nto the end"),
            (200, b"to the end".to_vec())
        );
        let mut r = BufReader::new("garbage\r\n\r\n".as_bytes());
        assert!(read_head(&mut r).is_err());
        assert!(read_head(&mut BufReader::new("".as_bytes())).is_err());
        let mut r = BufReader::new("zz\r\n".as_bytes());
        assert!(read_chunk(&mut r).is_err());
    }
}
