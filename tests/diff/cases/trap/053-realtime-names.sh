trap 'echo x' RTMIN RTMAX rtmin+1
trap
