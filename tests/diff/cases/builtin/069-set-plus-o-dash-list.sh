set +o | head -18
