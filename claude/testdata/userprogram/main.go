package main

import (
	"context"
	"fmt"
	"log"

	"github.com/ccwire/ccwire/claude"
)

func main() {
	turn, err := claude.Query(context.Background(), "What does this project do?", claude.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(turn.Text())
}
