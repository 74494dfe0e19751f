exec sh -c 'exit 4'
