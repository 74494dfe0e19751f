printf '[%10s]\n' right
printf '[%-10s]\n' left
printf '[%.2s]\n' truncate
printf '[%*s]\n' 6 star
