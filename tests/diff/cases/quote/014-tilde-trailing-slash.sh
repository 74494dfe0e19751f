HOME=/h/
echo ~/x
HOME=/h
echo ~/
