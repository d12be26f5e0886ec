// A linked vertex + fragment program built from two files in shaders/.
#pragma once
#include <glm/glm.hpp>
#include <string>
#include <unordered_map>

#include "render/gl.h"

namespace runnel::render {

class ShaderProgram {
 public:
  ShaderProgram() = default;
  // Throws runnel::Error with the compiler's log and the file name on failure.
  ShaderProgram(const std::string& vertexFile, const std::string& fragmentFile);
  ~ShaderProgram();
  ShaderProgram(ShaderProgram&& o) noexcept;
  ShaderProgram& operator=(ShaderProgram&& o) noexcept;
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  void use() const { glUseProgram(program_); }
  void set(const char* name, int v);
  void set(const char* name, float v);
  void set(const char* name, const glm::vec2& v);
  void set(const char* name, const glm::vec3& v);
  void set(const char* name, const glm::vec3* v, int count);  // a vec3 array uniform's first `count`
  void set(const char* name, const glm::vec4& v);
  void set(const char* name, const glm::mat4& v);

 private:
  GLint location(const char* name);
  GLuint program_ = 0;
  std::unordered_map<std::string, GLint> locations_;
};

}  // namespace runnel::render
