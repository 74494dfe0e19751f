while false; do :; done
echo "never ran: $?"
i=0
while [ $i -lt 1 ]; do i=1; sh -c 'exit 6'; done
echo "last body: $?"
