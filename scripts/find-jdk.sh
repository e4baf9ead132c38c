# Sourced by ./ffmblas and .ci/run: sets JAVA_HOME to a JDK >= 25 (the baseline: FFM is final from 22, the generated bindings need 23+) or fails.
# Order: $JAVA_HOME if it is one, else the newest JDK under /usr/lib/jvm, else a clear error.
# Run as a program (as ./mvnw does: `bash scripts/find-jdk.sh`) it prints the JDK it chose, or fails in one line.

# Sets ffmblas_major to the feature version of the JDK at $1, or empty. From the release file with bash built-ins
# alone: ./ffmblas runs this on every start, where each process started costs milliseconds.
ffmblas_jdk_major_into() {
  local release="$1/release" line v=
  ffmblas_major=
  [ -x "$1/bin/java" ] || return 0
  if [ -f "$release" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      if [[ $line =~ ^JAVA_VERSION=\"([0-9]+) ]]; then
        v=${BASH_REMATCH[1]}
        break
      fi
    done < "$release"
  fi
  if [ -z "$v" ]; then
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9][0-9]*\).*/\1/p')
  fi
  [ "$v" = "1" ] && v=8
  ffmblas_major=$v
}

ffmblas_find_jdk() {
  local need=25 best="" best_v=0 d v ffmblas_major
  if [ -n "${JAVA_HOME:-}" ]; then
    ffmblas_jdk_major_into "$JAVA_HOME"; v=$ffmblas_major
    if [ -n "$v" ] && [ "$v" -ge "$need" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
      export JAVA_HOME
      return 0
    fi
  fi
  for d in /usr/lib/jvm/*; do
    [ -d "$d" ] && [ ! -L "$d" ] || continue
    [ -x "$d/bin/javac" ] || continue
    ffmblas_jdk_major_into "$d"; v=$ffmblas_major
    if [ -n "$v" ] && [ "$v" -ge "$need" ] && [ "$v" -gt "$best_v" ]; then
      best="$d"; best_v="$v"
    fi
  done
  if [ -z "$best" ]; then
    echo "ffmblas: no JDK $need or newer in JAVA_HOME (${JAVA_HOME:-unset}) or /usr/lib/jvm: install one (apt install temurin-25-jdk, or https://adoptium.net) and set JAVA_HOME to it" >&2
    return 1
  fi
  export JAVA_HOME="$best"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  ffmblas_find_jdk && printf '%s\n' "$JAVA_HOME"
fi
