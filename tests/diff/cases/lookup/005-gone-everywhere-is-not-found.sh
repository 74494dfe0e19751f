mkdir a
printf '#!/bin/sh\necho a\n' >a/tool
chmod +x a/tool
PATH=$PWD/a:$PATH
tool
rm a/tool
tool 2>/dev/null
echo "status $?"
