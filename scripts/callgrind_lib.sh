# Sourced by the scripts that count instructions with callgrind
# (edit_work.sh, load_work.sh, query_work.sh, build_instructions.sh,
# query_instructions.sh, shortest_instructions.sh, edit_instructions.sh,
# crowd_instructions.sh):
# instruction counts are repeatable whatever else the machine does.

command -v valgrind >/dev/null || { echo "$(basename "$0") needs valgrind" >&2; exit 1; }

# Builds benches/$1.rs in release (under the build lock, as the peer's
# build below) and prints the path of its binary.
bench_binary() {
    flock /tmp/onav-build.lock cargo bench --no-default-features --bench "$1" --no-run 2>/dev/null
    ls -t target/release/deps/"$1"-* | grep -v '\.d$' | head -1
}

# Builds the peer harness (under the build lock) and sets `bin` to it and
# `out` to a scratch directory removed when the script exits.
build_peer_with_scratch() {
    flock /tmp/onav-build.lock cargo build --release --locked --manifest-path peer/Cargo.toml 2>/dev/null
    bin=peer/target/release/onav-peer
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
}

# A method of the peer's `EditSide` as callgrind names it: side $1
# (detour_edits::DetourEdits or onav_edits::OnavEdits), method $2.
edit_side() {
    printf '<onav_peer::%s as onav_peer::edit_round::EditSide>::%s' "$1" "$2"
}

# Runs the peer's `edits --rounds 1` on input $1 under callgrind (needs
# `bin`, `out` and `meshes`), writes `per_call` of the patterns $2 to
# $out/$1.tsv and sets `tiles` to the input's tile count, as its report
# gives it.
edits_per_call() {
    valgrind --tool=callgrind --callgrind-out-file="$out/$1.out" "$bin" edits --rounds 1 --input "$1" \
        --meshes "$meshes" >"$out/$1.txt" 2>/dev/null
    per_call "$out/$1.out" "$2" >"$out/$1.tsv"
    tiles=$(tiles_in_report "$out/$1.txt")
}

# The input's tile count in the harness's `edits` report $1.
tiles_in_report() {
    awk -F'|' '/what a loaded mesh holds/ { table = 1 } table && $3 ~ /[0-9]+ \/ [0-9]+/ { split($3, t, "/"); print t[1] + 0; exit }' "$1"
}

# Inclusive instructions of the function whose path ends with $2 in
# callgrind output $1. The whole listing is read, so the pipe never breaks.
inclusive() {
    callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
        awk -v f="$2" '!found && index($0, ":" f " [") { gsub(",", "", $1); print $1; found = 1 }'
}

# The awk program's start for reading callgrind output against a pattern
# list (awk variable `patterns`: name<TAB>label per line, a name matching a
# whole callgrind function name or its end): `want` from the list,
# `name_of` for the names of fn= and cfn= lines, `label_of` a name's label.
callgrind_names_awk='
        BEGIN {
            n = split(patterns, lines, "\n")
            for (i = 1; i <= n; i++) { split(lines[i], f, "\t"); want[f[1]] = f[2] }
        }
        # fn and cfn share one table of compressed names: "(id) name" the
        # first time, "(id)" after.
        function name_of(spec,    id, rest) {
            id = substr(spec, 1, index(spec, ")"))
            rest = substr(spec, length(id) + 2)
            if (rest != "") names[id] = rest
            return names[id]
        }
        function label_of(name,    p) {
            for (p in want) {
                if (name == p || (length(name) > length(p) && substr(name, length(name) - length(p) + 1) == p)) return want[p]
            }
            return ""
        }
'

# Per call of each function named in the pattern list (name<TAB>label per
# line, a name matching a whole callgrind function name or its end): sums
# the `calls=` lines into it and the inclusive cost line under each, and
# the instructions of dtNodePool::clear called from Detour's findPath.
# Prints label<TAB>instructions per call<TAB>calls<TAB>instructions per
# label.
per_call() {
    awk -F'\t' -v patterns="$2" "$callgrind_names_awk"'
        /^fn=/ { caller = name_of(substr($0, 4)); next }
        /^cfn=/ { callee = name_of(substr($0, 5)); next }
        /^calls=/ { split(substr($0, 7), c, " "); pending = c[1]; next }
        pending != "" {
            m = split($0, cost, " ")
            label = label_of(callee)
            if (label != "") { calls[label] += pending; ir[label] += cost[m] }
            if (callee == "dtNodePool::clear()" && label_of(caller) == "Detour find_path") clear += cost[m]
            pending = ""
        }
        END {
            for (label in calls) printf "%s\t%d\t%d\t%d\n", label, ir[label] / calls[label], calls[label], ir[label]
            if (calls["Detour find_path"] > 0)
                printf "Detour find_path without dtNodePool::clear\t%d\t%d\t%d\n", (ir["Detour find_path"] - clear) / calls["Detour find_path"], calls["Detour find_path"], ir["Detour find_path"] - clear
        }
    ' "$1"
}
