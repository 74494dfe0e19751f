x=$(echo to-err >&2) true 2>err
cat err
