//! Plain-text tables for summaries.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A table with a header row; columns are as wide as their widest cell.
#[derive(Debug, Clone)]
pub struct Table {
    headers: Vec<String>,
    align: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table whose columns are given as (header, alignment).
    pub fn new(columns: &[(&str, Align)]) -> Self {
        Self {
            headers: columns.iter().map(|(h, _)| (*h).to_owned()).collect(),
            align: columns.iter().map(|(_, a)| *a).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; missing cells are empty, extra cells are dropped.
    pub fn row(&mut self, cells: Vec<String>) {
        let mut cells = cells;
        cells.resize(self.headers.len(), String::new());
        self.rows.push(cells);
    }
}

fn width(s: &str) -> usize {
    s.chars().count()
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let widths: Vec<usize> = (0..self.headers.len())
            .map(|col| {
                self.rows
                    .iter()
                    .map(|row| width(&row[col]))
                    .chain([width(&self.headers[col])])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |f: &mut fmt::Formatter<'_>, cells: &[String]| -> fmt::Result {
            let mut out = String::new();
            for (col, cell) in cells.iter().enumerate() {
                if col > 0 {
                    out.push_str("  ");
                }
                let pad = " ".repeat(widths[col] - width(cell));
                match self.align[col] {
                    Align::Left => {
                        out.push_str(cell);
                        out.push_str(&pad);
                    }
                    Align::Right => {
                        out.push_str(&pad);
                        out.push_str(cell);
                    }
                }
            }
            writeln!(f, "{}", out.trim_end())
        };
        line(f, &self.headers)?;
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        line(f, &rule)?;
        for row in &self.rows {
            line(f, row)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_columns() {
        let mut table = Table::new(&[("name", Align::Left), ("time", Align::Right)]);
        table.row(vec!["fmt".into(), "1.2s".into()]);
        table.row(vec!["clippy".into(), "12.3µs".into()]);
        assert_eq!(
            table.to_string(),
            "name      time\n------  ------\nfmt       1.2s\nclippy  12.3µs\n"
        );
    }
}
