mkdir bin
printf '#!/bin/sh\necho mytool\n' > bin/mytool
chmod +x bin/mytool
PATH=$PWD/bin:$PATH
mytool
hash -r
PATH=/usr/bin:/bin
mytool 2>/dev/null || echo "not found after PATH change: $?"
