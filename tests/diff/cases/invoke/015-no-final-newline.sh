echo first
printf 'last'