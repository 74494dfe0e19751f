echo $(( $(echo 3) + $(echo 4) ))
