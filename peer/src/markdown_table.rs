//! Markdown tables: a header row, then rows of already formatted cells.

pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(header: &[&str]) -> Table {
        Table { header: header.iter().map(|h| h.to_string()).collect(), rows: Vec::new() }
    }

    pub fn push(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    pub fn render(&self) -> String {
        let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
        let mut out = line(&self.header);
        out += &line(&self.header.iter().map(|_| "---".to_string()).collect::<Vec<_>>());
        for row in &self.rows {
            out += &line(row);
        }
        out
    }
}
