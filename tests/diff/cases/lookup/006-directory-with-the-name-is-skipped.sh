mkdir -p a/tool b
printf '#!/bin/sh\necho b\n' >b/tool
chmod +x b/tool
PATH=$PWD/a:$PWD/b:$PATH
tool
