(false) || (echo rescued; exit 3) || echo "second rescue $?"
