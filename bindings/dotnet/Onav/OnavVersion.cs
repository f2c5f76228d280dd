// The version this library was written against and the loaded native
// library's. A host loading libonav at run time (as P/Invoke does) checks
// IsCompatible once at start-up: during 0.x a minor release may change the ABI.
namespace Onav
{
    public static class OnavVersion
    {
        /// onav.h's ONAV_VERSION_NUMBER (major * 10000 + minor * 100 + patch)
        /// for the header these bindings mirror.
        public const uint Expected = 100;

        /// The loaded library's version number.
        public static uint Library
        {
            get { return NativeMethods.onav_version(); }
        }

        /// True when the loaded library has the ABI these bindings were written for.
        public static bool IsCompatible
        {
            get { return NativeMethods.onav_abi_compatible(Expected) != 0; }
        }
    }
}
