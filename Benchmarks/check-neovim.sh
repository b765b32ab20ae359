#!/usr/bin/env bash
# Runs the README's Neovim 0.7-0.10 language-server snippet in a headless Neovim against a file
# with one known finding, and checks that the finding arrives as a diagnostic.
#   Benchmarks/check-neovim.sh            (needs `nvim` on PATH; Debian 12: apt-get install neovim)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
command -v nvim >/dev/null || { echo "check-neovim: nvim is not installed" >&2; exit 2; }
[ -x .build/debug/swift-lock-lint ] || swift build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The snippet: the lua block that follows "Neovim 0.7 to 0.10" in the README, unindented.
awk '/Neovim 0.7 to 0.10/ {found=1; next} found && /```lua/ {inside=1; next} inside && /```/ {exit} inside {sub(/^  /, ""); print}' \
  README.md > "$work/init.lua"
[ -s "$work/init.lua" ] || { echo "check-neovim: no snippet found in README.md" >&2; exit 1; }
printf 'actor A {\n    let lock = NSLock()\n}\n' > "$work/A.swift"
cat > "$work/check.lua" <<'LUA'
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  io.stdout:write(string.format('%d:%d %s\n', d.lnum + 1, d.col + 1, (d.message:gsub('\n.*', ''))))
end
LUA
out=$(cd "$work" && PATH="$repo/.build/debug:$PATH" timeout 60 nvim --headless -u init.lua A.swift -c 'luafile check.lua' -c 'qa!' 2>&1)
echo "$out"
expected="2:9 actor 'A' stores NSLock 'lock': a second synchronization on top of the actor's isolation"
[ "$out" = "$expected" ] || { echo "check-neovim: expected: $expected" >&2; exit 1; }
echo "check-neovim: ok ($(nvim --version | head -n 1))"
