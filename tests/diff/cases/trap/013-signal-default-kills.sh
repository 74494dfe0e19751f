sh -c 'trap - TERM; kill -TERM $$; echo never'
echo "status $?"
