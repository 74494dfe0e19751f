mkdir a
printf '#!/bin/sh\necho a\n' >a/tool
PATH=$PWD/a:$PATH
tool 2>/dev/null
echo "status $?"
