//! Shared by the CLI tests: the `onav` binary run as a process, and its
//! output streams as text.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `onav` with `args` and waits for it.
pub fn onav(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onav")).args(args).output().expect("the onav binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}
