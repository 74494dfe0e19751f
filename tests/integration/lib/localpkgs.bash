# tests/integration/lib/localpkgs.bash — two Python packages (localpkg,
# otherpkg, each with a console script) in $WS and an npm tool
# ($WS/local-tool.tgz, bin local-tool), made here so no index is needed;
# shared by persist.sh and cache.sh. Source it after tap.bash with T, H
# and WS set (folders that exist); sets PY and NODE_DIR, or skips the
# test (77) without python3+pip+setuptools or npm. sbx runs one session.
PY=/usr/bin/python3
have_py() { "$PY" -m pip --version >/dev/null 2>&1 && "$PY" -c 'import setuptools, wheel' >/dev/null 2>&1; }
if ! have_py && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y python3-pip \
		python3-setuptools python3-wheel >/dev/null 2>&1
fi
have_py || skip_all_for pip "no $PY with pip, setuptools and wheel"
command -v npm >/dev/null 2>&1 || skip_all_for npm "no npm"
NODE_DIR=$(dirname "$(command -v node)")

# The two packages, as a user would have them in the workspace.
mkdir -p "$WS/localpkg/localpkg" "$WS/otherpkg/otherpkg" "$T/local-tool/bin"
for pkg in localpkg otherpkg; do
	cat >"$WS/$pkg/pyproject.toml" <<EOF
[build-system]
requires = ["setuptools"]
build-backend = "setuptools.build_meta"

[project]
name = "$pkg"
version = "1.0"
description = "sbxsh persist test package"

[project.scripts]
$pkg-hello = "$pkg:main"
EOF
	printf 'def main():\n    print("%s hello")\n' "$pkg" \
		>"$WS/$pkg/$pkg/__init__.py"
done
cat >"$T/local-tool/package.json" <<'EOF'
{
  "name": "local-tool",
  "version": "1.0.0",
  "description": "sbxsh persist test tool",
  "bin": { "local-tool": "bin/cli.js" },
  "license": "MIT"
}
EOF
printf '#!/usr/bin/env node\nconsole.log("local-tool ok");\n' \
	>"$T/local-tool/bin/cli.js"
chmod +x "$T/local-tool/bin/cli.js"
(cd "$T/local-tool" && env -i HOME="$H" PATH="$NODE_DIR:/usr/bin:/bin" \
	npm_config_cache="$T/npm-pack-cache" npm pack --silent >/dev/null 2>&1)
mv "$T/local-tool/local-tool-1.0.0.tgz" "$WS/local-tool.tgz" ||
	skip_all_for npm "npm pack failed"

# One session. PATH has no pyenv, no ~/.local/bin; nothing is routed by
# hand. npm's audit and update check would try the network: off, as an
# offline CI would have them.
sbx() { # sbx [sbxsh options...] COMMAND
	local cmd=${*: -1}
	(cd "$WS" && env -i HOME="$H" PATH="$NODE_DIR:/usr/bin:/bin" \
		NO_UPDATE_NOTIFIER=1 npm_config_audit=false \
		npm_config_fund=false npm_config_update_notifier=false \
		"$SBXSH" "${@:1:$#-1}" -c "$cmd")
}
