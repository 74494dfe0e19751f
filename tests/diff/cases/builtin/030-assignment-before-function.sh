f() { echo "in f: $v"; }
v=temp f
echo "after: [${v-unset}]"
