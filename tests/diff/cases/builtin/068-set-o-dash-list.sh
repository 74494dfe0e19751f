set -o | head -19
