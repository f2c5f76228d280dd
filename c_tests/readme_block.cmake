# onav_readme_block(<readme> <section> <language> <out_file>): writes to
# <out_file> the first ```<language> block after the heading <section> of
# <readme>, so a README example is the very program a test builds. Fails
# configuration when the section or the block is missing.
function(onav_readme_block readme section language out_file)
  file(READ "${readme}" _text)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${readme}")
  string(FIND "${_text}" "${section}" _section)
  if(_section LESS 0)
    message(FATAL_ERROR "${readme} has no section \"${section}\"")
  endif()
  string(SUBSTRING "${_text}" ${_section} -1 _text)
  set(_fence "```${language}\n")
  string(FIND "${_text}" "${_fence}" _start)
  if(_start LESS 0)
    message(FATAL_ERROR "section \"${section}\" of ${readme} has no ${language} block")
  endif()
  string(LENGTH "${_fence}" _fence_length)
  math(EXPR _start "${_start} + ${_fence_length}")
  string(SUBSTRING "${_text}" ${_start} -1 _text)
  string(FIND "${_text}" "```" _end)
  string(SUBSTRING "${_text}" 0 ${_end} _block)
  file(WRITE "${out_file}" "${_block}")
endfunction()
