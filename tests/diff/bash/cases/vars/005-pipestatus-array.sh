# PIPESTATUS is an array: each stage's status of the last pipeline
true | false | true; echo ${PIPESTATUS[@]} ${#PIPESTATUS[@]}
false | true; echo ${PIPESTATUS[1]} "${PIPESTATUS[*]}" $PIPESTATUS
IFS=,; false | true | (exit 3); echo "${PIPESTATUS[*]}"; unset IFS
sleep 0 | exit 7 | true; echo ${PIPESTATUS[*]}
(exit 3) | (exit 4); echo "${PIPESTATUS[@]}"
false | true; echo ${!PIPESTATUS[@]} ${PIPESTATUS[@]:1} ${PIPESTATUS[-1]}
false | true; echo $(( PIPESTATUS[0] + 10 ))
false | true; echo ${PIPESTATUS[2]-unset}
false | true; declare -p PIPESTATUS
false | true; for s in "${PIPESTATUS[@]}"; do echo "stage $s"; done
