# what sets PIPESTATUS: every simple command and pipeline, not compounds
false; echo ${PIPESTATUS[@]}
! false | true; echo ${PIPESTATUS[@]}
! true; echo ${PIPESTATUS[@]}
cd .; echo ${PIPESTATUS[@]}
x=1; echo ${PIPESTATUS[@]}
f() { return 3; }; f | true; f; echo ${PIPESTATUS[@]}
{ false; }; echo ${PIPESTATUS[@]}
while false; do :; done; echo ${PIPESTATUS[@]}
if false | true; then echo ${PIPESTATUS[@]}; fi
false | true ; : ; echo ${PIPESTATUS[@]}
false | true; (echo sub ${PIPESTATUS[@]})
false | true; x=$(echo ${PIPESTATUS[@]}); echo cmdsub $x
set -o pipefail; true | false | true; echo $? ${PIPESTATUS[@]}; set +o pipefail
PIPESTATUS=(7 8); echo ${PIPESTATUS[@]}
# errors: a subscript too negative, an element unset under set -u
false | true
echo "${PIPESTATUS[-3]}" next $?
(set -u; false | true; echo ${PIPESTATUS[5]}; echo not here)
echo status $?
