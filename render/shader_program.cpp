#include "render/shader_program.h"

#include <glm/gtc/type_ptr.hpp>
#include <utility>

#include "core/base/error.h"
#include "render/shader_sources.h"

namespace runnel::render {
namespace {

GLuint compile(GLenum type, const std::string& file) {
  std::string_view text = shaderSource(file);
  if (text.empty()) throw Error("shader " + file + ": not embedded (is it in shaders/?)");
  GLuint shader = glCreateShader(type);
  const char* src = text.data();
  GLint len = GLint(text.size());
  glShaderSource(shader, 1, &src, &len);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[4096];
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    glDeleteShader(shader);
    throw Error("shader " + file + " does not compile:\n" + log);
  }
  return shader;
}

}  // namespace

ShaderProgram::ShaderProgram(const std::string& vertexFile, const std::string& fragmentFile) {
  GLuint vs = compile(GL_VERTEX_SHADER, vertexFile);
  GLuint fs = compile(GL_FRAGMENT_SHADER, fragmentFile);
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  glAttachShader(program_, fs);
  glLinkProgram(program_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[4096];
    glGetProgramInfoLog(program_, sizeof log, nullptr, log);
    glDeleteProgram(program_);
    program_ = 0;
    throw Error("shaders " + vertexFile + " + " + fragmentFile + " do not link:\n" + log);
  }
}

ShaderProgram::~ShaderProgram() {
  if (program_) glDeleteProgram(program_);
}

ShaderProgram::ShaderProgram(ShaderProgram&& o) noexcept
    : program_(std::exchange(o.program_, 0)), locations_(std::move(o.locations_)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& o) noexcept {
  if (this != &o) {
    if (program_) glDeleteProgram(program_);
    program_ = std::exchange(o.program_, 0);
    locations_ = std::move(o.locations_);
  }
  return *this;
}

GLint ShaderProgram::location(const char* name) {
  auto it = locations_.find(name);
  if (it != locations_.end()) return it->second;
  GLint loc = glGetUniformLocation(program_, name);
  locations_.emplace(name, loc);
  return loc;
}

void ShaderProgram::set(const char* name, int v) {
  glUniform1i(location(name), v);
}
void ShaderProgram::set(const char* name, float v) {
  glUniform1f(location(name), v);
}
void ShaderProgram::set(const char* name, const glm::vec2& v) {
  glUniform2fv(location(name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, const glm::vec3& v) {
  glUniform3fv(location(name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, const glm::vec3* v, int count) {
  glUniform3fv(location(name), count, glm::value_ptr(v[0]));
}
void ShaderProgram::set(const char* name, const glm::vec4& v) {
  glUniform4fv(location(name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, const glm::mat4& v) {
  glUniformMatrix4fv(location(name), 1, GL_FALSE, glm::value_ptr(v));
}

}  // namespace runnel::render
