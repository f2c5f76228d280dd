# onav_header_functions(<out_var> <header> <c_compiler> [<flag>...]): the
# sorted names of the functions <header> declares after the preprocessor
# (with the extra compiler flags, e.g. -DONAV_TEST_HOOKS), for the scripts
# that compare the header with the library's exports or the C++ wrapper.
function(onav_header_functions out_var header c_compiler)
  execute_process(COMMAND "${c_compiler}" -E -P ${ARGN} -x c "${header}"
                  OUTPUT_VARIABLE _preprocessed COMMAND_ERROR_IS_FATAL ANY)
  string(REGEX MATCHALL "onav_[a-z0-9_]+[ \t\n]*\\(" _calls "${_preprocessed}")
  set(_declared)
  foreach(_call IN LISTS _calls)
    string(REGEX REPLACE "[ \t\n]*\\($" "" _name "${_call}")
    list(APPEND _declared "${_name}")
  endforeach()
  list(REMOVE_DUPLICATES _declared)
  list(SORT _declared)
  set(${out_var} ${_declared} PARENT_SCOPE)
endfunction()
