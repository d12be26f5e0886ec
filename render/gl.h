// The OpenGL 3.3 core API through glad's generated loader. Include this, never a system GL header.
#pragma once
#include <glad/gl.h>
