x=global
inner() { echo "inner sees $x"; }
outer() { local x=outer-local; inner; }
outer
inner
