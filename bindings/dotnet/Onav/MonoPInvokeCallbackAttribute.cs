// IL2CPP compiles ahead of time and can only hand native code a pointer to
// a static method it knows is called from C; it recognises this attribute
// by name, whatever its namespace, so the library defines its own instead
// of depending on UnityEngine (AOT.MonoPInvokeCallbackAttribute).
using System;

namespace Onav
{
    [AttributeUsage(AttributeTargets.Method)]
    internal sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type delegateType)
        {
            DelegateType = delegateType;
        }

        public Type DelegateType { get; private set; }
    }
}
