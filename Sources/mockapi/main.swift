print("mockapi")
