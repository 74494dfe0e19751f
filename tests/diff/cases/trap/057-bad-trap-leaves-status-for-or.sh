trap 'echo x' BOGUS 2>/dev/null || echo "failed with $?"
