echo "piped value" | { read v; echo "[$v]"; }
