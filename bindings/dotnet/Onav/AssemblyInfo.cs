// The tests check the internal blittable structs' sizes against the C ones.
using System.Runtime.CompilerServices;

[assembly: InternalsVisibleTo("Onav.Tests")]
