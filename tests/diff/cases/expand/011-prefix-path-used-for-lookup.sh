mkdir b
printf '#!/bin/sh\necho found in b\n' >b/tool
chmod +x b/tool
PATH=$PWD/b:$PATH tool
