# Sourced by ./ffmblas and .ci/run: sets JAVA_HOME to a JDK >= 25 (the baseline: FFM is final from 22, the generated bindings need 23+) or fails.
# Order: $JAVA_HOME if it is one, else the newest JDK under /usr/lib/jvm, else a clear error.

ffmblas_jdk_major() {  # prints the feature version of the JDK at $1, or nothing
  local release="$1/release" v
  [ -x "$1/bin/java" ] || return 0
  if [ -f "$release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$release")
  fi
  if [ -z "${v:-}" ]; then
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9][0-9]*\).*/\1/p')
  fi
  [ "${v:-}" = "1" ] && v=8
  printf '%s' "${v:-}"
}

ffmblas_find_jdk() {
  local need=25 best="" best_v=0 d v
  if [ -n "${JAVA_HOME:-}" ]; then
    v=$(ffmblas_jdk_major "$JAVA_HOME")
    if [ -n "$v" ] && [ "$v" -ge "$need" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
      export JAVA_HOME
      return 0
    fi
  fi
  for d in /usr/lib/jvm/*; do
    [ -d "$d" ] && [ ! -L "$d" ] || continue
    [ -x "$d/bin/javac" ] || continue
    v=$(ffmblas_jdk_major "$d")
    if [ -n "$v" ] && [ "$v" -ge "$need" ] && [ "$v" -gt "$best_v" ]; then
      best="$d"; best_v="$v"
    fi
  done
  if [ -z "$best" ]; then
    echo "ffmblas: no JDK $need or newer found (JAVA_HOME=${JAVA_HOME:-unset}; looked in /usr/lib/jvm)." >&2
    echo "ffmblas: install one (e.g. Temurin 25 from https://adoptium.net, or 'apt install temurin-25-jdk') and set JAVA_HOME to it." >&2
    return 1
  fi
  export JAVA_HOME="$best"
}
