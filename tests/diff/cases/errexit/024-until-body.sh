set -e
i=0
until [ $i -ge 1 ]; do i=1; done
echo "until fine"
until [ $i -ge 2 ]; do false; done
echo never
