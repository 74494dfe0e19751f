x=abc-
echo ${x#[\a]} ${x%[\-]} ${x#["a"]} ${x%[a\-c]}
