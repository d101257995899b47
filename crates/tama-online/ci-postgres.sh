#!/usr/bin/env bash
# A Postgres for tama-online's tests, on loopback, owned by nobody else.
#
#   source crates/tama-online/ci-postgres.sh && tama_test_postgres
#
# Installs Debian's postgresql when no initdb is found (as root), creates a
# private cluster in $TAMA_PG_DIR (default /tmp/tama-pg, trust on loopback
# only: a throwaway test cluster), starts it on 127.0.0.1:$TAMA_PG_PORT
# (default 55432) unless it runs, creates the database tama_test, and
# exports TAMA_TEST_POSTGRES_URL. Safe to call twice. Returns non-zero on
# failure. Stop it with tama_test_postgres_stop.

tama_pg_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

tama_test_postgres() {
    local dir=${TAMA_PG_DIR:-/tmp/tama-pg} port=${TAMA_PG_PORT:-55432} bin
    bin=$(tama_pg_bin)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        apt-get update -qq >/dev/null &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null ||
            return 1
        bin=$(tama_pg_bin)
    fi
    # The server refuses to run as root: the cluster belongs to postgres.
    local as=(runuser -u postgres --)
    if [ ! -f "$dir/PG_VERSION" ]; then
        mkdir -p "$dir" && chown postgres "$dir" || return 1
        "${as[@]}" "$bin/initdb" -D "$dir" -A trust -U postgres >/dev/null || return 1
    fi
    if ! "${as[@]}" "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
        "${as[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
            -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null || return 1
    fi
    if ! "${as[@]}" "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'tama_test'" | grep -q 1; then
        "${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres tama_test || return 1
    fi
    export TAMA_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/tama_test"
}

tama_test_postgres_stop() {
    local dir=${TAMA_PG_DIR:-/tmp/tama-pg}
    runuser -u postgres -- "$(tama_pg_bin)/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1
}
