#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` from the build, its Depends as the
# binary needs (none for a static one: readelf shows no NEEDED), then
# `apt-get install ./sbxsh_*.deb` on this machine: `sbxsh --version` and
# `man sbxsh` work from it, /etc/shells is untouched unless
# SBXSH_ADD_SHELL=1 asked for it, and `apt-get remove` leaves no file of
# it behind and no /etc/shells entry. Root only (it installs into /usr);
# one run at a time on a machine (a lock), and never over an sbxsh
# package installed by someone else. TAP output.
set -u
SBXSH=${SBXSH:?set SBXSH to the sbxsh binary}
BUILD=${SBXSH_BUILD:?set SBXSH_BUILD to the build folder}
. "$(dirname "$0")/lib/tap.bash"

[ "$(id -u)" = 0 ] || skip_all_for root "installing a package needs root"
for c in cpack apt-get dpkg-deb dpkg-shlibdeps readelf man flock; do
	command -v $c >/dev/null || skip_all_for dpkg-dev "$c is not installed"
done
exec 9>>/run/lock/sbxsh-deb-test.lock
flock -w 300 9 || skip_all_for lock "another deb.sh held its lock for 5 minutes"
if dpkg-query -W -f='${Status}' sbxsh 2>/dev/null | grep -q installed; then
	skip_all_for sbxsh-deb "a sbxsh package is installed already: not replacing it"
fi
tmp=$(mktemp -d /tmp/sbxsh-deb.XXXXXX)
shells_before=$(cat /etc/shells)
cleanup() {
	# whatever failed, leave the machine as it was
	dpkg-query -W sbxsh >/dev/null 2>&1 &&
		apt-get remove -y -qq sbxsh >/dev/null 2>&1
	printf '%s\n' "$shells_before" | cmp -s - /etc/shells ||
		printf '%s\n' "$shells_before" >/etc/shells
	rm -rf "$tmp"
}
trap cleanup EXIT
apt_q() {
	DEBIAN_FRONTEND=noninteractive apt-get -y -qq -o DPkg::Lock::Timeout=120 \
		--no-install-recommends "$@"
}

OUT=$(cd "$BUILD" && cpack -G DEB -B "$tmp/pkg" 2>&1)
check "cpack -G DEB builds the package" test $? = 0
deb=$(ls "$tmp"/pkg/sbxsh_*.deb 2>/dev/null | head -1)
OUT=$(ls -la "$tmp/pkg")
check "it is named sbxsh_<version>_<arch>.deb" eval \
	'[ "${deb##*/}" = "sbxsh_$("$SBXSH" --version | cut -d" " -f2)_$(dpkg --print-architecture).deb" ]'
[ -n "$deb" ] || { tap_done; exit 1; }
depends=$(dpkg-deb -f "$deb" Depends)
needed=$(readelf -d "$BUILD/sbxsh" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
if [ -z "$needed" ]; then
	OUT="Depends: $depends" check "static binary (no NEEDED): no Depends" test -z "$depends"
else
	OUT="Depends: $depends; NEEDED: $needed"
	check "dynamic binary: Depends names the C library" eval \
		'printf "%s" "$depends" | grep -q "libc6"'
	# -DSBXSH_STATIC_LIBEDIT=OFF (or no libarchive.a): libarchive shared
	if printf '%s\n' "$needed" | grep -q '^libarchive\.so'; then
		check "dynamic libarchive: Depends names libarchive13" eval \
			'printf "%s" "$depends" | grep -q "libarchive13"'
	fi
fi
OUT=$(dpkg-deb -c "$deb")
check "the package holds the binary, man page, three completions, the guides" eval '
	for f in ./usr/bin/sbxsh ./usr/share/man/man1/sbxsh.1 \
	    ./usr/share/bash-completion/completions/sbxsh \
	    ./usr/share/zsh/site-functions/_sbxsh \
	    ./usr/share/fish/vendor_completions.d/sbxsh.fish \
	    ./usr/share/doc/sbxsh/tutorial.md; do
		printf "%s\n" "$OUT" | grep -q " $f\$" || exit 1
	done'

# Installed as a user would. A minimized image (docker's debian:12) has
# dpkg drop /usr/share/man; the man page is asked for by name, which
# changes nothing elsewhere.
OUT=$(apt_q -o DPkg::Options::=--path-include=/usr/share/man/man1/sbxsh.1 \
	install "$deb" 2>&1)
check "apt-get install ./sbxsh_*.deb" test $? = 0
check "sbxsh --version from /usr/bin" eval \
	'[ "$(/usr/bin/sbxsh --version)" = "$("$SBXSH" --version)" ]'
OUT=$(MANPAGER=cat MANWIDTH=80 man sbxsh 2>&1)
check "man sbxsh shows the page" eval \
	'printf "%s\n" "$OUT" | grep -q "sandbox" && printf "%s\n" "$OUT" | grep -q -- "--print-policy"'
OUT=$(cat /etc/shells)
check "/etc/shells untouched by default" eval \
	'[ "$OUT" = "$shells_before" ] && ! grep -qx /usr/bin/sbxsh /etc/shells'
dpkg -L sbxsh >"$tmp/list"
OUT=$(apt_q remove sbxsh 2>&1)
check "apt-get remove sbxsh" test $? = 0
left=$(while read -r f; do [ -f "$f" ] && echo "$f"; done <"$tmp/list")
OUT=$left check "nothing of it is left behind" test -z "$left"
check "dpkg no longer knows it" eval \
	'! dpkg-query -W -f="\${Status}" sbxsh 2>/dev/null | grep -q " installed"'

# Asked for: added; removed with the package.
OUT=$(SBXSH_ADD_SHELL=1 apt_q install "$deb" 2>&1)
check "SBXSH_ADD_SHELL=1 apt-get install" test $? = 0
OUT=$(cat /etc/shells)
check "SBXSH_ADD_SHELL=1 adds /usr/bin/sbxsh to /etc/shells" \
	grep -qx /usr/bin/sbxsh /etc/shells
OUT=$(apt_q purge sbxsh 2>&1)
check "apt-get purge sbxsh" test $? = 0
OUT=$(cat /etc/shells)
check "the /etc/shells entry went with it" eval \
	'! grep -qx /usr/bin/sbxsh /etc/shells && [ "$OUT" = "$shells_before" ]'
tap_done
