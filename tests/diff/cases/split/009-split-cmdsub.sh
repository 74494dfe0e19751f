IFS=,
for w in $(echo 'x,y,,z'); do echo "[$w]"; done
