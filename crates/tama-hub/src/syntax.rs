//! The line syntax of Hub: `<command> <arg>=<val> <arg> …`, values
//! optionally in double quotes (required when empty or holding a space, `=`
//! or a quote).

use core::fmt;

/// A message of the protocol: one line split into its command and
/// arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The command word (`pos`, `go`, …).
    pub command: String,
    /// The arguments in order: a name and, unless it is a flag, a value.
    pub args: Vec<(String, Option<String>)>,
}

/// A line that does not follow the syntax: what is wrong and where
/// (1-based column, counted in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The column of the problem.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for SyntaxError {}

impl Message {
    /// A line with `command` and no arguments yet.
    pub fn new(command: &str) -> Message {
        Message {
            command: command.to_string(),
            args: Vec::new(),
        }
    }

    /// Adds `name=value`.
    pub fn arg(mut self, name: &str, value: impl fmt::Display) -> Message {
        self.args.push((name.to_string(), Some(value.to_string())));
        self
    }

    /// Adds the flag `name` (no value).
    pub fn flag(mut self, name: &str) -> Message {
        self.args.push((name.to_string(), None));
        self
    }

    /// Whether the argument `name` is present (flag or with a value).
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }

    /// The value of the last argument `name` that has one.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .rev()
            .find(|(n, v)| n == name && v.is_some())
            .and_then(|(_, v)| v.as_deref())
    }

    /// The first argument, used as a word (`go think`: `think`).
    pub fn first_word(&self) -> Option<&str> {
        self.args.first().map(|(n, _)| n.as_str())
    }
}

/// Whether a value must be quoted to be read back.
fn needs_quotes(value: &str) -> bool {
    value.is_empty()
        || value
            .chars()
            .any(|c| c.is_whitespace() || c == '=' || c == '"')
}

impl fmt::Display for Message {
    /// The line as Hub writes it, without the newline. Quotes inside a
    /// value cannot be written (the protocol has no escape): they become
    /// apostrophes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.command)?;
        for (name, value) in &self.args {
            write!(f, " {name}")?;
            if let Some(v) = value {
                if needs_quotes(v) {
                    write!(f, "=\"{}\"", v.replace('"', "'"))?;
                } else {
                    write!(f, "={v}")?;
                }
            }
        }
        Ok(())
    }
}

/// Reads one line. `Ok(None)` for a blank line.
pub fn parse_line(text: &str) -> Result<Option<Message>, SyntaxError> {
    let chars: Vec<char> = text.trim_end_matches(['\r', '\n']).chars().collect();
    let mut i = 0;
    let skip_spaces = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_spaces(&mut i);
    if i == chars.len() {
        return Ok(None);
    }
    let start = i;
    while i < chars.len() && !chars[i].is_whitespace() {
        i += 1;
    }
    let mut line = Message::new(&chars[start..i].iter().collect::<String>());
    loop {
        skip_spaces(&mut i);
        if i == chars.len() {
            return Ok(Some(line));
        }
        let name_start = i;
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '=' {
            i += 1;
        }
        if i == name_start {
            return Err(SyntaxError {
                column: i + 1,
                message: "`=` without an argument name before it".to_string(),
            });
        }
        let name: String = chars[name_start..i].iter().collect();
        if i < chars.len() && chars[i] == '=' {
            i += 1;
            if i < chars.len() && chars[i] == '"' {
                let open = i;
                i += 1;
                let value_start = i;
                while i < chars.len() && chars[i] != '"' {
                    i += 1;
                }
                if i == chars.len() {
                    return Err(SyntaxError {
                        column: open + 1,
                        message: format!("the quoted value of `{name}` is not closed"),
                    });
                }
                let value: String = chars[value_start..i].iter().collect();
                i += 1;
                line.args.push((name, Some(value)));
            } else {
                let value_start = i;
                while i < chars.len() && !chars[i].is_whitespace() {
                    i += 1;
                }
                let value: String = chars[value_start..i].iter().collect();
                line.args.push((name, Some(value)));
            }
        } else {
            line.args.push((name, None));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Message {
        parse_line(text).unwrap().unwrap()
    }

    #[test]
    fn commands_flags_values_and_quotes() {
        let l = parse("pos pos=Wbe moves=\"17-25 41-33\"");
        assert_eq!(l.command, "pos");
        assert_eq!(l.value("pos"), Some("Wbe"));
        assert_eq!(l.value("moves"), Some("17-25 41-33"));
        let l = parse("  go   think  ");
        assert_eq!(l.first_word(), Some("think"));
        assert_eq!(l.value("think"), None);
        assert!(l.has("think"));
        let l = parse("set-param name=tablebases value=\"\"");
        assert_eq!(l.value("value"), Some(""));
        assert_eq!(parse_line("   \r\n").unwrap(), None);
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse_line("pos pos=\"Wbb").unwrap_err();
        assert_eq!(e.column, 9);
        assert!(e.message.contains("not closed"), "{e}");
        let e = parse_line("level =3").unwrap_err();
        assert_eq!(e.column, 7);
    }

    #[test]
    fn written_lines_read_back() {
        let line = Message::new("id")
            .arg("name", "tama")
            .arg("author", "the tama authors")
            .arg("empty", "")
            .arg("eq", "a=b")
            .flag("infinite");
        let text = line.to_string();
        assert_eq!(
            text,
            "id name=tama author=\"the tama authors\" empty=\"\" eq=\"a=b\" infinite"
        );
        assert_eq!(parse(&text), line);
    }
}
