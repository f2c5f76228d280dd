# onav_header_functions(<out_var> <header> <c_compiler> [<flag>...]): the
# sorted names of the functions <header> declares after the preprocessor
# (with the extra compiler flags, e.g. -DONAV_TEST_HOOKS), for the scripts
# that compare the header with the library's exports or a binding.
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

# onav_require_whole_surface(BINDING <file> VERB <wrap|import> MISSING <what>
#   USED_AS <phrase> SCRIPT <file> DECLARED <names...> USED <names...>
#   EXCLUDED <names...>): fails, listing them, while a declared function is
# neither used by the binding nor excluded, an exclusion is no longer
# declared, or the binding uses a name the header does not declare; else
# reports the counts. One rule for every binding's completeness test.
function(onav_require_whole_surface)
  cmake_parse_arguments(PARSE_ARGV 0 _arg "" "BINDING;VERB;MISSING;USED_AS;SCRIPT" "DECLARED;USED;EXCLUDED")
  set(_missing ${_arg_DECLARED})
  list(REMOVE_ITEM _missing ${_arg_USED} ${_arg_EXCLUDED})
  set(_stale_exclusions ${_arg_EXCLUDED})
  list(REMOVE_ITEM _stale_exclusions ${_arg_DECLARED})
  set(_unknown ${_arg_USED})
  list(REMOVE_ITEM _unknown ${_arg_DECLARED})

  list(LENGTH _arg_DECLARED _declared_count)
  list(LENGTH _arg_USED _used_count)
  list(LENGTH _arg_EXCLUDED _excluded_count)
  if(_missing OR _stale_exclusions OR _unknown)
    string(JOIN "\n  " _missing_lines ${_missing})
    message(FATAL_ERROR "${_arg_BINDING} does not ${_arg_VERB} the whole C surface\n"
                        "  declared in onav.h without ${_arg_MISSING} (${_arg_VERB} them, or list them with a reason in ${_arg_SCRIPT}):\n  ${_missing_lines}\n"
                        "  excluded but no longer declared: ${_stale_exclusions}\n"
                        "  ${_arg_USED_AS} but not declared: ${_unknown}")
  endif()
  message(STATUS "${_arg_BINDING} ${_arg_VERB}s ${_used_count} of ${_declared_count} functions of onav.h; ${_excluded_count} excluded on purpose")
endfunction()
