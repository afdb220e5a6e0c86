module atelier

go 1.26
