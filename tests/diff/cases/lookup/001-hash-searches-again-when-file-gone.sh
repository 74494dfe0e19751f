mkdir a b
printf '#!/bin/sh\necho a\n' >a/tool
printf '#!/bin/sh\necho b\n' >b/tool
chmod +x a/tool b/tool
PATH=$PWD/a:$PWD/b:$PATH
tool
rm a/tool
tool
echo "status $?"
