mkdir a b
printf '#!/bin/sh\necho b\n' >b/tool
chmod +x b/tool
PATH=$PWD/a:$PWD/b:$PATH
tool
printf '#!/bin/sh\necho a\n' >a/tool
chmod +x a/tool
PATH=$PATH
tool
