# Sourced by the scripts that count instructions with callgrind
# (edit_work.sh, load_work.sh, query_work.sh, build_instructions.sh):
# instruction counts are repeatable whatever else the machine does.

command -v valgrind >/dev/null || { echo "$(basename "$0") needs valgrind" >&2; exit 1; }

# Builds benches/$1.rs in release and prints the path of its binary.
bench_binary() {
    cargo bench --no-default-features --bench "$1" --no-run 2>/dev/null
    ls -t target/release/deps/"$1"-* | grep -v '\.d$' | head -1
}

# Inclusive instructions of the function whose path ends with $2 in
# callgrind output $1. The whole listing is read, so the pipe never breaks.
inclusive() {
    callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
        awk -v f="$2" '!found && index($0, ":" f " [") { gsub(",", "", $1); print $1; found = 1 }'
}
