#pragma once
// The `d` command's picture: the star in text, hole names along the edges.

#include <string>
#include <vector>

#include "core/position.h"

namespace cc {

std::vector<std::string> drawBoard(const Position& position);

}  // namespace cc
