# --posix: set -o lists what dash lists first (sbxsh's own options after)
set -o | head -19
set +o | head -18
