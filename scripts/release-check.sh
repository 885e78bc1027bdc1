#!/usr/bin/env bash
# Checks the release configuration end to end:
#   1. goreleaser's own `check` of .goreleaser.yml;
#   2. a snapshot build for this machine's platform
#      (`release --snapshot --clean`, into dist/, with the build targets
#      narrowed to this platform: v2.15's release has no --single-target);
#   3. the archive, the .deb and the .rpm hold what they must: the
#      binary, LICENSE, README, every man page and the completions for
#      bash, zsh and fish (and PowerShell in the archive), at the standard
#      places in the packages; and the binary in them runs.
# Needs: go (goreleaser runs through `go run`, pinned below), tar,
# dpkg-deb and bsdtar (apt-get install dpkg libarchive-tools) to read
# the packages. docs/release.md records a run.
#
# Usage: scripts/release-check.sh        (GORELEASER=... to use another)
set -euo pipefail
cd "$(dirname "$0")/.."
goreleaser=${GORELEASER:-go run github.com/goreleaser/goreleaser/v2@v2.15.1}
for tool in tar dpkg-deb bsdtar; do
	command -v "$tool" >/dev/null || { echo "release-check: $tool is needed (apt-get install dpkg libarchive-tools)" >&2; exit 1; }
done

echo "== goreleaser check"
$goreleaser check

# goreleaser v2.15's `release` has no --single-target (only `build`
# has): build this platform only from a copy of the configuration whose
# target lists name just the host's GOOS and GOARCH; everything else is
# the real file's.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
goos=$(go env GOOS)
goarch=$(go env GOARCH)
sed -e "s/^\(    goos:\) \[.*\]/\1 [$goos]/" -e "s/^\(    goarch:\) \[.*\]/\1 [$goarch]/" .goreleaser.yml >"$tmp/goreleaser.yml"
grep -q "goos: \[$goos\]" "$tmp/goreleaser.yml" || { echo "release-check: could not narrow the build targets" >&2; exit 1; }
echo "== goreleaser release --snapshot --clean (this platform only: $goos/$goarch)"
start=$(date +%s)
$goreleaser release --snapshot --clean --config "$tmp/goreleaser.yml"
echo "snapshot build took $(($(date +%s) - start)) s"

fail=0
pages=$(cd docs/man && ls -- *.1 | sort)
npages=$(echo "$pages" | wc -l)

# want LISTING WHAT PATTERN...: every pattern (an extended regexp for a
# whole line of the listing) matches some line.
want() {
	local listing=$1 what=$2
	shift 2
	for pat in "$@"; do
		if ! grep -Eq "^(\./)?${pat}\$" "$listing"; then
			echo "MISSING in $what: $pat" >&2
			fail=1
		fi
	done
}
# count LISTING WHAT PATTERN N: exactly N lines match.
count() {
	local got
	got=$(grep -Ec "^(\./)?$3\$" "$1" || true)
	if [[ $got != "$4" ]]; then
		echo "WRONG in $2: $got files match $3, want $4" >&2
		fail=1
	fi
}

archive=$(ls dist/*.tar.gz 2>/dev/null | head -1 || true)
deb=$(ls dist/*.deb 2>/dev/null | head -1 || true)
rpm=$(ls dist/*.rpm 2>/dev/null | head -1 || true)
for f in "$archive" "$deb" "$rpm"; do
	[[ -n $f ]] || { echo "release-check: dist/ lacks an archive, a .deb or a .rpm" >&2; ls dist >&2; exit 1; }
done

echo "== $archive"
tar -tzf "$archive" | sed 's#/$##' | sort >"$tmp/archive"
cat "$tmp/archive"
want "$tmp/archive" archive spandex spandex-serve LICENSE README.md \
	completions/spandex.bash completions/_spandex completions/spandex.fish completions/spandex.ps1 \
	man/man1/spandex.1
count "$tmp/archive" archive 'man/man1/spandex[a-z-]*\.1' "$npages"
mkdir "$tmp/a" && tar -xzf "$archive" -C "$tmp/a"
"$tmp/a/spandex" version

echo "== $deb"
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's#^\./#/#; s#/$##' | sort >"$tmp/deb"
cat "$tmp/deb"
dpkg-deb -f "$deb" Package Version Architecture
want "$tmp/deb" deb /usr/bin/spandex /usr/bin/spandex-serve /usr/share/doc/spandex/copyright /usr/share/doc/spandex/README.md \
	/usr/share/bash-completion/completions/spandex /usr/share/zsh/vendor-completions/_spandex \
	/usr/share/fish/vendor_completions.d/spandex.fish /usr/share/man/man1/spandex.1.gz
count "$tmp/deb" deb '/usr/share/man/man1/spandex[a-z-]*\.1\.gz' "$npages"
mkdir "$tmp/d" && dpkg-deb -x "$deb" "$tmp/d"
"$tmp/d/usr/bin/spandex" version
gzip -t "$tmp"/d/usr/share/man/man1/*.gz

echo "== $rpm"
bsdtar -tf "$rpm" | sed 's#^\./#/#; s#/$##' | sort >"$tmp/rpm"
cat "$tmp/rpm"
want "$tmp/rpm" rpm /usr/bin/spandex /usr/bin/spandex-serve /usr/share/licenses/spandex/LICENSE /usr/share/doc/spandex/README.md \
	/usr/share/bash-completion/completions/spandex /usr/share/zsh/site-functions/_spandex \
	/usr/share/fish/vendor_completions.d/spandex.fish /usr/share/man/man1/spandex.1.gz
count "$tmp/rpm" rpm '/usr/share/man/man1/spandex[a-z-]*\.1\.gz' "$npages"
mkdir "$tmp/r" && (cd "$tmp/r" && bsdtar -xf "$OLDPWD/$rpm")
"$tmp/r/usr/bin/spandex" version

if [[ $fail != 0 ]]; then
	echo "release-check: FAILED" >&2
	exit 1
fi
echo "release-check: ok ($npages man pages, completions for bash, zsh, fish and PowerShell)"
