echo body
sh -c 'exit 6'
